/* An average printed with %d: the double goes to an SSE register and glibc prints
   whatever the integer register holds. */
#include <stdio.h>

int main(void)
{
    int marks[] = {12, 15, 9};
    double avg = (marks[0] + marks[1] + marks[2]) / 3.0;
    printf("average: %d\n", avg); // ~ERROR undefined-behaviour
    return 0;
}
