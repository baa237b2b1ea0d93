/* The maximum is only initialised when the first argument parses; otherwise the loop
   compares against an uninitialised local. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int best;
    int start = 1;
    if (argc > 1 && argv[1][0] != '-') {
        best = atoi(argv[1]);
        start = 2;
    }
    printf("scanning %d values\n", argc - start);
    int total = 0;
    for (int i = start; i < argc; i++)
        total += atoi(argv[i]);
    int score = best * 2 + total; // ~ERROR uninitialised-read
    printf("score %d\n", score);
    return 0;
}
