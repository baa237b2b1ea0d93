/* Frees a pointer that sometimes points to a stack buffer instead of heap memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    char small[16];
    char *buf;
    size_t need = argc > 1 ? strlen(argv[1]) + 1 : 1;
    if (need <= sizeof small)
        buf = small;
    else
        buf = malloc(need);
    memcpy(buf, argc > 1 ? argv[1] : "", need);
    printf("stored %s\n", buf);
    free(buf); // ~ERROR invalid-free
    return 0;
}
