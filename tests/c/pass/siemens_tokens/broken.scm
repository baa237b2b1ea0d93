(let ((s "unterminated string
      (x #t) (y #\))
  (and x y @ z))
"ok" #\b
