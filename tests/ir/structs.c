/* Struct members, nested structs, copies and pointers to structs. */
struct point { int x, y; };
struct rect { struct point lo, hi; char tag; };
int area(const struct rect *r) {
    return (r->hi.x - r->lo.x) * (r->hi.y - r->lo.y);
}
int main(void) {
    struct rect r = { { 1, 2 }, { 4, 6 }, 'r' };
    struct rect s = r;
    s.hi.x += 1;
    return area(&s) + r.tag;
}
