/* RPN calculator over two translation units: reads tokens from stdin. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stack.h"

static int grow_count = 1000; /* distinct from stack.c's static of the same name */

static int apply(stack *s, char op)
{
    double a, b;
    if (!stack_pop(s, &b) || !stack_pop(s, &a))
        return 0;
    switch (op) {
    case '+': stack_push(s, a + b); break;
    case '-': stack_push(s, a - b); break;
    case '*': stack_push(s, a * b); break;
    case '/': stack_push(s, a / b); break;
    default: return 0;
    }
    return 1;
}

int main(void)
{
    stack s;
    stack_init(&s);
    char tok[64];
    int line_results = 0;
    printf("%s\n", stack_version);
    while (scanf("%63s", tok) == 1) {
        if (strcmp(tok, "=") == 0) {
            double v;
            if (stack_pop(&s, &v))
                printf("result %d: %.6g (depth left %zu)\n", ++line_results, v, stack_depth(&s));
            else
                printf("nothing to print\n");
        } else if (strlen(tok) == 1 && strchr("+-*/", tok[0])) {
            if (!apply(&s, tok[0])) {
                fprintf(stderr, "stack underflow at '%s'\n", tok);
                stack_free(&s);
                return 2;
            }
        } else {
            char *end;
            double v = strtod(tok, &end);
            if (*end) {
                fprintf(stderr, "bad token '%s'\n", tok);
                stack_free(&s);
                return 3;
            }
            stack_push(&s, v);
        }
    }
    printf("ops=%d results=%d grow_count(main)=%d\n", stack_ops, line_results, grow_count);
    stack_free(&s);
    return 0;
}
