/* Reads one element before the start of a local array while searching backwards. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int target = argc > 1 ? atoi(argv[1]) : 99;
    int values[6] = {4, 8, 15, 16, 23, 42};
    int i = 5;
    printf("searching for %d\n", target);
    while (values[i] != target) // ~ERROR out-of-bounds
        i--;
    printf("found at %d\n", i);
    return 0;
}
