/*
 * overspeed - how far a vehicle exceeded the speed limit on the two
 * segments of a route (town, then motorway).
 *
 * Input: two speeds in km/h, "inp1 inp2".  Output: the excess x on the
 * town segment and the excess y on the motorway segment (0 when the
 * vehicle kept to the limit).
 */
#include <stdio.h>

#define TOWN_LIMIT 50
#define MOTORWAY_LIMIT 100

int main(void)
{
    int inp1, inp2;
    int x, y;

    if (scanf("%d %d", &inp1, &inp2) != 2) {
        printf("expected two speeds\n");
        return 0;
    }
    if (inp1 > TOWN_LIMIT)
        x = inp1 - TOWN_LIMIT;
    else
        x = 0;
    if (inp2 > MOTORWAY_LIMIT)
        y = inp2 - MOTORWAY_LIMIT;
    else
        y = 0;
    printf("x = %d\n", x);
    printf("y = %d\n", y);
    return 0;
}
