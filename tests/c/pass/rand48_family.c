/* Test-data generators as unit tests use them: random/srandom share rand's state
   (glibc's rand is random), the drand48 family has its own, seeded or not. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long seed = argc > 1 ? atol(argv[1]) : 11;
    for (int i = 0; i < 3; i++) {
        double d = drand48();
        long l = lrand48();
        printf("unseeded %.17g %ld\n", d, l);
    }
    srand48(seed);
    double sum = 0;
    for (int i = 0; i < 100; i++) {
        sum += drand48();
        long m = mrand48();
        if (i % 25 == 0)
            printf("m %ld l %ld\n", m, lrand48());
    }
    printf("sum %.17g\n", sum);
    srandom((unsigned)seed);
    long a = random();
    int b = rand();
    long c = random();
    printf("random %ld rand %d random %ld\n", a, b, c);
    srand(3);
    printf("after srand(3): random %ld\n", random());
    return 0;
}
