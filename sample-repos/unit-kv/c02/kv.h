#ifndef KV_H
#define KV_H

int clamp(int x, int lo, int hi);
int kv_value(const char *s, char key);

#endif
