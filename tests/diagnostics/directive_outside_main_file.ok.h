// The header keeps the declarations that host code needs.
void clear(float* a, int n);
