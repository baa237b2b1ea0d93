/* A status flag is set only inside the loop; with no input the branch reads it
   uninitialised. By default the run continues (the flag reads as zero) and warns. */
#include <stdio.h>

int main(void)
{
    int c, lines = 0;
    int saw_tab;
    while ((c = getchar()) != EOF) {
        if (c == '\n')
            lines++;
        saw_tab = c == '\t';
    }
    printf("%d lines\n", lines);
    if (saw_tab) // ~WARNING uninitialised-read
        printf("last char was a tab\n");
    return 0;
}
