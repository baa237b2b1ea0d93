/* A variable-length array with a negative size: natively the stack pointer moves the
   wrong way and the array overlaps the caller's frame. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : -3;
    char line[n]; // ~ERROR undefined-behaviour
    line[0] = 'x';
    printf("%c\n", line[0]);
    return 0;
}
