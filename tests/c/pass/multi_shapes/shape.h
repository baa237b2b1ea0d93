#ifndef SHAPE_H
#define SHAPE_H

typedef enum { SHAPE_CIRCLE, SHAPE_RECT, SHAPE_TRIANGLE, SHAPE_KINDS } shape_kind;

typedef struct shape {
    shape_kind kind;
    double a, b, c;
    const struct shape_ops *ops;
} shape;

struct shape_ops {
    const char *name;
    double (*area)(const shape *);
    double (*perimeter)(const shape *);
};

extern const struct shape_ops circle_ops, rect_ops, triangle_ops;
extern int shapes_made;

shape make_shape(shape_kind k, double a, double b, double c);
int shape_valid(const shape *s);

#endif
