/*
 * report - print the letter grade of each "name score" line of stdin.
 */
#include <stdio.h>

#include "grade.h"

int main(void)
{
    char name[32];
    int score, n = 0;

    while (scanf("%31s %d", name, &score) == 2) {
        printf("%-8s %c\n", name, letter(score));
        n++;
    }
    printf("%d graded\n", n);
    return 0;
}
