#ifndef GRADE_H
#define GRADE_H

/* The letter grade of a score out of 100. */
char letter(int score);

#endif
