/* Arrays: indexing, decay to pointers, pointer arithmetic and difference. */
int sum(const int *p, int n) {
    int s = 0;
    for (const int *q = p; q < p + n; q++)
        s += *q;
    return s;
}
int main(void) {
    int a[5] = { 1, 2, 3 };
    a[4] = a[0] + a[2];
    int *e = &a[4];
    return sum(a, 5) + (int)(e - a);
}
