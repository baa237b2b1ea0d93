/* A fixed-size ring buffer (struct with array and indices) driven by commands on stdin. */
#include <stdio.h>
#include <string.h>

#define CAP 5

typedef struct {
    int items[CAP];
    unsigned head, tail, count;
    unsigned long pushes, drops;
} ring;

static int ring_push(ring *r, int v, int overwrite)
{
    if (r->count == CAP) {
        if (!overwrite)
            return 0;
        r->head = (r->head + 1) % CAP;
        r->count--;
        r->drops++;
    }
    r->items[r->tail] = v;
    r->tail = (r->tail + 1) % CAP;
    r->count++;
    r->pushes++;
    return 1;
}

static int ring_pop(ring *r, int *out)
{
    if (r->count == 0)
        return 0;
    *out = r->items[r->head];
    r->head = (r->head + 1) % CAP;
    r->count--;
    return 1;
}

static void ring_print(const ring *r)
{
    printf("[");
    for (unsigned i = 0; i < r->count; i++)
        printf("%s%d", i ? " " : "", r->items[(r->head + i) % CAP]);
    printf("] count=%u head=%u tail=%u\n", r->count, r->head, r->tail);
}

int main(void)
{
    ring r;
    memset(&r, 0, sizeof r);
    char cmd[16];
    int v, errors = 0;
    while (scanf("%15s", cmd) == 1) {
        if (strcmp(cmd, "push") == 0 || strcmp(cmd, "force") == 0) {
            if (scanf("%d", &v) != 1) {
                printf("missing value\n");
                errors++;
                break;
            }
            if (!ring_push(&r, v, cmd[0] == 'f'))
                printf("full, %d rejected\n", v);
        } else if (strcmp(cmd, "pop") == 0) {
            if (ring_pop(&r, &v))
                printf("popped %d\n", v);
            else
                printf("empty\n");
        } else if (strcmp(cmd, "show") == 0) {
            ring_print(&r);
        } else {
            printf("unknown command '%s'\n", cmd);
            errors++;
        }
    }
    printf("pushes=%lu drops=%lu errors=%d\n", r.pushes, r.drops, errors);
    return errors;
}
