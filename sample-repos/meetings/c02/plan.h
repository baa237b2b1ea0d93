#ifndef PLAN_H
#define PLAN_H

struct plan {
    int free_at; /* minute from which the room is free */
    int taken;
};

void plan_init(struct plan *p);
/* Books the meeting [start, end) when the room is free by start; 1 when booked. */
int plan_book(struct plan *p, int start, int end);

#endif
