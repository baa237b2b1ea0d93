/* Compound literals in static initialisers: objects with static storage whose
   address is an address constant (arrays decay, &(struct){...}). */
#include <stdio.h>
#include <stdlib.h>

struct point {
    int x, y;
};

struct shape {
    const char *name;
    const struct point *pts;
    int n;
};

static int *primes = (int[]){2, 3, 5, 7, 11};
static struct point *origin = &(struct point){0, 0};
static const struct shape shapes[] = {
    {"tri", (const struct point[]){{0, 0}, {4, 0}, {0, 3}}, 3},
    {"seg", (const struct point[]){{1, 1}, {2, 2}}, 2},
};
static const char *words[] = {(const char[]){"alpha"}, "beta"};

int main(int argc, char **argv)
{
    int k = argc > 1 ? atoi(argv[1]) % 5 : 0;
    if (k < 0)
        k = -k;
    primes[k] *= 10;
    origin->y = k;
    for (int i = 0; i < 5; i++)
        printf("%d ", primes[i]);
    printf("| %d %d\n", origin->x, origin->y);
    for (int s = 0; s < 2; s++) {
        printf("%s:", shapes[s].name);
        for (int i = 0; i < shapes[s].n; i++)
            printf(" (%d,%d)", shapes[s].pts[i].x, shapes[s].pts[i].y);
        printf("\n");
    }
    int *local = (int[3]){7, 8, 9};
    printf("%s %s %d\n", words[0], words[1], local[k % 3]);
    return 0;
}
