/* Jumps back into a function that has already returned. */
#include <setjmp.h>
#include <stdio.h>

static jmp_buf saved;

static int arm(void)
{
    return setjmp(saved);
}

int main(void)
{
    int r = arm();
    printf("arm returned %d\n", r);
    if (r == 0) {
        longjmp(saved, 1); // ~ERROR undefined-behaviour
    }
    return 0;
}
