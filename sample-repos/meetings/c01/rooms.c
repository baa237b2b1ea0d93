/*
 * rooms - book the meetings "START END" (minutes after opening) of stdin in
 * one room, first come first served; print what is booked.
 */
#include <stdio.h>

#include "plan.h"

int main(void)
{
    struct plan p;
    int start, end;

    plan_init(&p);
    while (scanf("%d %d", &start, &end) == 2) {
        if (plan_book(&p, start, end))
            printf("booked %d-%d\n", start, end);
        else
            printf("refused %d-%d\n", start, end);
    }
    printf("%d booked\n", p.taken);
    return 0;
}
