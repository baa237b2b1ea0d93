/* Frees list nodes while walking them, then reads the next pointer from a freed node. */
#include <stdio.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

static void release(struct node *n)
{
    free(n);
}

int main(void)
{
    struct node *head = NULL;
    for (int i = 0; i < 4; i++) {
        struct node *n = malloc(sizeof *n);
        n->value = i * 10;
        n->next = head;
        head = n;
    }
    int sum = 0;
    struct node *p = head;
    while (p) {
        sum += p->value;
        release(p);
        p = p->next; // ~ERROR use-after-free
    }
    printf("sum %d\n", sum);
    return 0;
}
