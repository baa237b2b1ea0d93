/* Expressions: integer promotions, usual arithmetic conversions, compound assignment. */
int main(void) {
    unsigned char c = 200;
    int i = -7;
    unsigned u = 3;
    long l = c + i;
    l += u * 2;
    i = i / 2 + i % 3 - (c << 1);
    return (int)(l ^ i);
}
