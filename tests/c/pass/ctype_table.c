/* ctype.h over every unsigned char value and EOF, in the C locale. */
#include <ctype.h>
#include <stdio.h>

int main(void)
{
    const char *names = "alpha digit alnum space upper lower print punct xdigit cntrl graph";
    printf("%s\n", names);
    int counts[11] = {0};
    unsigned long sig = 0;
    for (int c = 0; c < 256; c++) {
        int bits[11] = {isalpha(c) != 0, isdigit(c) != 0, isalnum(c) != 0, isspace(c) != 0,
                        isupper(c) != 0, islower(c) != 0, isprint(c) != 0, ispunct(c) != 0,
                        isxdigit(c) != 0, iscntrl(c) != 0, isgraph(c) != 0};
        int mask = 0;
        for (int k = 0; k < 11; k++) {
            counts[k] += bits[k];
            mask |= bits[k] << k;
        }
        sig = sig * 131 + (unsigned long)mask;
        if (c < 128 && (c % 8 == 0 || c == 127))
            printf("%3d %03x\n", c, mask);
    }
    for (int k = 0; k < 11; k++)
        printf("%d ", counts[k]);
    printf("\nsignature %lu\n", sig);
    int eofbits = isalpha(EOF) || isdigit(EOF) || isspace(EOF) || isprint(EOF);
    printf("EOF classes: %d toupper(EOF)=%d tolower(EOF)=%d\n", eofbits, toupper(EOF),
           tolower(EOF));
    char s[] = "Hello, World! 123 xyz";
    for (char *p = s; *p; p++)
        *p = (char)toupper((unsigned char)*p);
    printf("%s\n", s);
    for (char *p = s; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    printf("%s\n", s);
    printf("toupper of non-letters: %c %c %d\n", toupper('1'), toupper('@'), toupper(200));
    return 0;
}
