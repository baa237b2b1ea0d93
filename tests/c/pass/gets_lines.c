/* gets: lines without their newline, an empty line, a last line without a newline,
   NULL at end of input with the buffer untouched. */
#include <stdio.h>
#include <string.h>

char *gets(char *s);

int main(void)
{
    char line[64];
    int n = 0;
    while (gets(line) != NULL) {
        n++;
        printf("%d: [%s] %zu\n", n, line, strlen(line));
    }
    printf("lines %d, buffer still [%s]\n", n, n ? line : "");
    return 0;
}
