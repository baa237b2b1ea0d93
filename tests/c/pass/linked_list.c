/* Self-referential structs: a singly linked list read from stdin, reversed, merge-sorted. */
#include <stdio.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

static struct node *push(struct node *head, int v)
{
    struct node *n = malloc(sizeof *n);
    n->value = v;
    n->next = head;
    return n;
}

static void append(struct node **head, int v)
{
    while (*head)
        head = &(*head)->next;
    *head = malloc(sizeof **head);
    (*head)->value = v;
    (*head)->next = NULL;
}

static struct node *reverse(struct node *h)
{
    struct node *prev = NULL;
    while (h) {
        struct node *next = h->next;
        h->next = prev;
        prev = h;
        h = next;
    }
    return prev;
}

static struct node *merge(struct node *a, struct node *b)
{
    struct node dummy = {0, NULL};
    struct node *tail = &dummy;
    while (a && b) {
        if (a->value <= b->value) {
            tail->next = a;
            a = a->next;
        } else {
            tail->next = b;
            b = b->next;
        }
        tail = tail->next;
    }
    tail->next = a ? a : b;
    return dummy.next;
}

static struct node *msort(struct node *h)
{
    if (!h || !h->next)
        return h;
    struct node *slow = h, *fast = h->next;
    while (fast && fast->next) {
        slow = slow->next;
        fast = fast->next->next;
    }
    struct node *second = slow->next;
    slow->next = NULL;
    return merge(msort(h), msort(second));
}

static void print(const char *label, const struct node *h)
{
    printf("%s:", label);
    for (; h; h = h->next)
        printf(" %d", h->value);
    printf("\n");
}

static void remove_if(struct node **pp, int (*pred)(int))
{
    while (*pp) {
        if (pred((*pp)->value)) {
            struct node *dead = *pp;
            *pp = dead->next;
            free(dead);
        } else {
            pp = &(*pp)->next;
        }
    }
}

static int is_negative(int v) { return v < 0; }

static void free_list(struct node *h)
{
    while (h) {
        struct node *n = h->next;
        free(h);
        h = n;
    }
}

int main(void)
{
    struct node *list = NULL, *fifo = NULL;
    int v, count = 0;
    while (scanf("%d", &v) == 1) {
        list = push(list, v);
        append(&fifo, v * 2);
        count++;
    }
    printf("read %d numbers\n", count);
    print("pushed", list);
    print("appended", fifo);
    list = reverse(list);
    print("reversed", list);
    list = msort(list);
    print("sorted", list);
    remove_if(&list, is_negative);
    print("non-negative", list);
    fifo = reverse(msort(fifo));
    print("fifo desc", fifo);
    free_list(list);
    free_list(fifo);
    return count == 0 ? 5 : 0;
}
