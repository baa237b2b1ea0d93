/* setjmp/longjmp across frames: the value (0 becomes 1), unwinding several calls,
   locals changed after setjmp keeping their new values (gcc -O0 keeps them in
   memory), a retry loop re-arming the same buffer, nested buffers, sigsetjmp. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jmp_buf top;
static int depth_reached;

static void dive(int depth, int limit, int code)
{
    char local[16];
    snprintf(local, sizeof local, "d%d", depth);
    depth_reached = depth;
    if (depth == limit) {
        printf("jumping from %s with %d\n", local, code);
        longjmp(top, code);
    }
    dive(depth + 1, limit, code);
    printf("never printed %s\n", local);
}

static int parse_digit(jmp_buf on_error, char c)
{
    if (c < '0' || c > '9') {
        longjmp(on_error, c);
    }
    return c - '0';
}

static long sum_digits(const char *s, int *bad)
{
    jmp_buf err;
    long total = 0;
    int i = 0;
    int r = setjmp(err);
    if (r != 0) {
        *bad = r;
        return -total;
    }
    for (; s[i]; i++) {
        total += parse_digit(err, s[i]);
    }
    return total;
}

int main(int argc, char **argv)
{
    int limit = argc > 1 ? atoi(argv[1]) : 3;
    int code = argc > 2 ? atoi(argv[2]) : 5;
    int changed = 10;
    int r = setjmp(top);
    if (r == 0) {
        changed = 20;
        dive(0, limit, code);
    } else {
        printf("setjmp returned %d, depth %d, changed %d\n", r, depth_reached, changed);
    }

    /* Re-arming the same buffer in a loop: three attempts. */
    int attempts = 0;
    if (setjmp(top) < 3) {
        attempts++;
        if (attempts < 3) {
            longjmp(top, attempts);
        }
    }
    printf("attempts %d\n", attempts);

    const char *text = argc > 3 ? argv[3] : "1234";
    int bad = 0;
    long s = sum_digits(text, &bad);
    if (bad) {
        printf("bad character '%c' after partial sum %ld\n", bad, -s);
    } else {
        printf("sum %ld\n", s);
    }

    sigjmp_buf sj;
    volatile int tries = 0;
    if (sigsetjmp(sj, 1) == 0 || tries < 2) {
        tries++;
        if (tries <= 2) {
            siglongjmp(sj, 0);
        }
    }
    printf("sigsetjmp tries %d\n", tries);
    return 0;
}
