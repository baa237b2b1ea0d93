#include "plan.h"

void plan_init(struct plan *p)
{
    p->free_at = 1; /* the room opens at minute 1 */
    p->taken = 0;
}

int plan_book(struct plan *p, int start, int end)
{
    if (start < p->free_at)
        return 0;
    p->free_at = end;
    p->taken++;
    return 1;
}
