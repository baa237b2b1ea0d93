/* An error path frees a buffer that the normal cleanup frees again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *input = argc > 1 ? argv[1] : "";
    char *buf = malloc(64);
    strncpy(buf, input, 63);
    buf[63] = '\0';
    if (strlen(buf) == 0) {
        fprintf(stderr, "empty input\n");
        free(buf);
    } else {
        printf("input %s\n", buf);
    }
    free(buf); // ~ERROR double-free
    return 0;
}
