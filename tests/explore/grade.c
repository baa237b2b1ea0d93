/* A grade from a score, with a bonus that only matters below the top band, and an
   exit status that reports invalid scores. */
#include <stdio.h>
#include <stdlib.h>

static int bonus(int late) {
    if (late > 2)
        return 0;
    return 5;
}

int main(int argc, char **argv) {
    int score, late;
    if (argc < 2 || scanf("%d", &score) != 1)
        return 2;
    late = atoi(argv[1]);
    if (score < 0 || score > 100) {
        printf("invalid\n");
        return 1;
    }
    if (score < 90)
        score += bonus(late);
    if (score >= 90)
        printf("A\n");
    else if (score >= 70)
        printf("B\n");
    else
        printf("C %d\n", score);
    return 0;
}
