/* _Generic associations that differ only in qualifiers (not tracked by regcause). */
#include <stdio.h>

int main(void)
{
    char buf[] = "x";
    const char *name = _Generic(&buf[0], char *: "mutable", const char *: "const"); // ~UNSUPPORTED _Generic
    printf("%s\n", name);
    return 0;
}
