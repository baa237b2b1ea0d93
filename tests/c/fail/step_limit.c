/* Waits for a condition that can never become true, counting iterations. */
#include <stdio.h>

static unsigned long spins;

int main(int argc, char **argv)
{
    int ready = argc > 5 && argv[5][0] == 'y';
    printf("waiting\n");
    while (!ready) { spins++; } // ~ERROR step-limit
    printf("ready after %lu spins\n", spins);
    return 0;
}
