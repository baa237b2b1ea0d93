/* rand/srand must reproduce glibc's generator: default seed, srand(1), srand(42), reseeding. */
#include <stdio.h>
#include <stdlib.h>

static void show(const char *label, int n)
{
    printf("%s:", label);
    for (int i = 0; i < n; i++)
        printf(" %d", rand());
    printf("\n");
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 5;
    show("no srand", n);
    srand(1);
    show("srand(1)", n);
    srand(42);
    show("srand(42)", n);
    srand(42);
    show("srand(42) again", n);
    srand(0); /* glibc treats seed 0 like seed 1 */
    show("srand(0)", 3);
    srand(4294967295u);
    show("srand(UINT_MAX)", 3);
    printf("RAND_MAX=%d\n", RAND_MAX);
    /* typical uses: dice, shuffling */
    srand(2024);
    int hist[6] = {0};
    for (int i = 0; i < 600; i++)
        hist[rand() % 6]++;
    for (int i = 0; i < 6; i++)
        printf("face %d: %d\n", i + 1, hist[i]);
    int deck[10];
    for (int i = 0; i < 10; i++)
        deck[i] = i;
    for (int i = 9; i > 0; i--) {
        int j = rand() % (i + 1);
        int t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    for (int i = 0; i < 10; i++)
        printf("%d ", deck[i]);
    printf("\n");
    double u = (double)rand() / RAND_MAX;
    printf("uniform %.6f\n", u);
    return 0;
}
