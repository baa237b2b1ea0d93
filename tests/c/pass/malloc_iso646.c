/* <malloc.h>, which ooxi/xml.c includes for its allocation functions, and <iso646.h>'s
 * spelled operators. */
#include <iso646.h>
#include <malloc.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    char *p = malloc(16);
    if (p == NULL)
        return 1;
    strcpy(p, "spelled");
    int a = 6, b = 3;
    a and_eq 7;
    b or_eq 8;
    int ok = (a == 6) and (b == 11) and not (a == b) and (a not_eq b) or 0;
    printf("%s %d %d %d %d\n", p, ok, a bitand b, a bitor b, compl a xor b);
    free(p);
    return 0;
}
