/* Wide character constants: L'x' is a wchar_t (int), u'x' a char16_t and U'x' a
   char32_t; their values are code points, including characters beyond ASCII. */
#include <stdio.h>

int main(int argc, char **argv)
{
    int w[] = {L'a', L'\n', L'\0', L'\x7f', L'é', L'€', L'😀'};
    for (int i = 0; i < 7; i++)
        printf("%d ", w[i]);
    printf("\n%d %d %d\n", (int)sizeof(L'a'), (int)sizeof(u'a'), (int)sizeof(U'a'));
    printf("%d %d %u %u\n", u'a', u'€', U'😀', U'\t');
    printf("%d\n", argc > 1 && argv[1][0] == L'y');
    int cmp = u'€' > 0;
    printf("%d %d\n", cmp, L'a' - 'a');
    return 0;
}
