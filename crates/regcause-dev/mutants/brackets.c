/* brackets - check the nesting of ( [ { in stdin: print the deepest nesting, or the
   offset of the first mismatch. */
#include <stdio.h>

int main(void)
{
    char stack[128];
    int depth = 0, deepest = 0, offset = 0, ch;

    while ((ch = getchar()) != EOF) {
        if (ch == '(' || ch == '[' || ch == '{') {
            if (depth == 128)
                return 3;
            stack[depth] = (char)ch;
            depth++;
            if (depth > deepest)
                deepest = depth;
        } else if (ch == ')' || ch == ']' || ch == '}') {
            char open = ch == ')' ? '(' : ch == ']' ? '[' : '{';

            if (depth == 0 || stack[depth - 1] != open) {
                printf("mismatch at %d\n", offset);
                return 1;
            }
            depth--;
        }
        offset++;
    }
    if (depth != 0) {
        printf("unclosed %d\n", depth);
        return 1;
    }
    printf("ok, depth %d\n", deepest);
    return 0;
}
