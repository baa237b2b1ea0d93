; factorial, twice
(define (fact n)
  (if (<= n 1) 1 (* n (fact (- n 1)))))
(define fact-iter
  (lambda (n acc)
    (cond ((= n 0) acc)
          (else (fact-iter (- n 1) (* acc n))))))
(display "fact 10 = ") (display (fact 10)) (newline)
'(a b . c) `(x ,y) #\a #\space -42 +3.5 1.2.3 12abc
