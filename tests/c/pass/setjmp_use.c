/* Error recovery with setjmp/longjmp. */
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;

static void fail(int code)
{
    longjmp(env, code);
}

int main(void)
{
    int code = setjmp(env);
    if (code == 0) {
        fail(7);
    }
    printf("recovered %d\n", code);
    return 0;
}
