; a small queue library
(set make-queue (lambda () (cons '() '())))

(set enqueue!
  (lambda (q x)
    (let ((cell (cons x '())))
      (cond ((null? (car q)) (set-car! q cell) (set-cdr! q cell))
            (else (set-cdr! (cdr q) cell) (set-cdr! q cell))))))

(set sum-to (lambda (n)
  (let ((acc 0) (i 1))
    (begin-loop (<= i n) (set acc (+ acc i)) (set i (+ i 1)))
    acc)))

[display "total: " (sum-to 10) #\newline]
`(,x . ,y) 3.25 0.5 #t #f
(and (>= x 0) (!= y 1) (|| a b) (=> p q))
