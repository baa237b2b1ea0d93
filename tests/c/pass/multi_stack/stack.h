#ifndef STACK_H
#define STACK_H

#include <stddef.h>

typedef struct stack {
    double *data;
    size_t size, cap;
} stack;

extern int stack_ops;           /* defined in stack.c, counted across TUs */
extern const char *const stack_version;

void stack_init(stack *s);
void stack_free(stack *s);
void stack_push(stack *s, double v);
int stack_pop(stack *s, double *out);
size_t stack_depth(const stack *s);

#endif
