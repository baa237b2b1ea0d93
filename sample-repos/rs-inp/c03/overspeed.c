/*
 * overspeed - how far a vehicle exceeded the speed limit on the two
 * segments of a route (town, then motorway).
 *
 * Usage: overspeed [TOWN_LIMIT MOTORWAY_LIMIT]
 *
 * Input: two speeds in km/h, "inp1 inp2".  Output: the excess x on the
 * town segment and the excess y on the motorway segment (0 when the
 * vehicle kept to the limit), then the fine when there is one.
 */
#include <stdio.h>
#include <stdlib.h>

enum { TOWN, MOTORWAY, SEGMENTS };

static const int default_limit[SEGMENTS] = { 50, 100 };

#define FINE_PER_KMH 10   /* euro per km/h over the limit */

int main(int argc, char **argv)
{
    int limit[SEGMENTS];
    int inp1, inp2;
    int x, y;

    limit[TOWN] = default_limit[TOWN];
    limit[MOTORWAY] = default_limit[MOTORWAY];
    if (argc == 3) {
        limit[TOWN] = atoi(argv[1]);
        limit[MOTORWAY] = atoi(argv[2]);
    }
    if (scanf("%d %d", &inp1, &inp2) != 2) {
        printf("expected two speeds\n");
        return 0;
    }
    /* excess on each segment */
    if (inp1 > limit[MOTORWAY])
        x = inp1 - limit[TOWN];
    else
        x = 0;
    if (inp2 > limit[MOTORWAY])
        y = inp2 - limit[MOTORWAY];
    else
        y = 0;
    printf("x = %d\n", x);
    printf("y = %d\n", y);
    if (x + y > 0)
        printf("fine = %d\n", (x + y) * FINE_PER_KMH);
    return 0;
}
