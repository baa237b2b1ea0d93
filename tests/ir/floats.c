/* Floating point: conversions both ways, comparison, mixed arithmetic. */
int main(void) {
    double d = 2.5;
    float f = (float)d * 2;
    int i = (int)(d + f);
    if (f > d)
        i += 1;
    return i + (int)(i / 3.0);
}
