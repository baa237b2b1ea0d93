#include "stack.h"

#include <stdlib.h>

int stack_ops;
const char *const stack_version = "stack 1.2";
static int grow_count; /* same name as a static in main.c: must stay separate */

static void grow(stack *s)
{
    s->cap = s->cap ? s->cap * 2 : 4;
    s->data = realloc(s->data, s->cap * sizeof *s->data);
    grow_count++;
}

void stack_init(stack *s)
{
    s->data = NULL;
    s->size = s->cap = 0;
}

void stack_free(stack *s)
{
    free(s->data);
    stack_init(s);
}

void stack_push(stack *s, double v)
{
    if (s->size == s->cap)
        grow(s);
    s->data[s->size++] = v;
    stack_ops++;
}

int stack_pop(stack *s, double *out)
{
    if (s->size == 0)
        return 0;
    *out = s->data[--s->size];
    stack_ops++;
    return 1;
}

size_t stack_depth(const stack *s) { return s->size + 0 * (size_t)grow_count; }
