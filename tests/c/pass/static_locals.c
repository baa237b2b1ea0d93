/* static locals keep their value across calls; static globals; counters and memo tables. */
#include <stdio.h>
#include <stdlib.h>

static int global_calls;
int visible_counter = 100;

static int next_id(void)
{
    static int id = 0;
    global_calls++;
    return ++id;
}

static const char *ring(void)
{
    static const char *names[] = {"red", "green", "blue"};
    static int pos;
    const char *r = names[pos];
    pos = (pos + 1) % 3;
    return r;
}

static long long fib_memo(int n)
{
    static long long memo[91];
    static int ready[91];
    global_calls++;
    if (n < 2)
        return n;
    if (ready[n])
        return memo[n];
    memo[n] = fib_memo(n - 1) + fib_memo(n - 2);
    ready[n] = 1;
    return memo[n];
}

static char *buffer(void)
{
    static char buf[32] = "initial";
    return buf;
}

static int accumulate(int v)
{
    static int total = 10;
    static double avg;
    static int count;
    total += v;
    count++;
    avg = (double)total / count;
    printf("  total=%d count=%d avg=%.2f\n", total, count, avg);
    return total;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 5;
    for (int i = 0; i < n; i++)
        printf("id %d, ring %s\n", next_id(), ring());
    printf("fib(%d) = %lld\n", n * 10 % 91, fib_memo(n * 10 % 91));
    printf("fib(50) = %lld\n", fib_memo(50));
    printf("calls so far: %d\n", global_calls);
    char *b = buffer();
    printf("buffer: %s\n", b);
    b[0] = 'I';
    printf("buffer again: %s\n", buffer());
    for (int i = 1; i <= 3; i++)
        accumulate(i * n);
    visible_counter += n;
    printf("visible_counter = %d\n", visible_counter);
    {
        static int block_static = 7;
        block_static *= 2;
        printf("block static %d\n", block_static);
    }
    return 0;
}
