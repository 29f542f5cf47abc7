// An 'auto' host scalar in a kernel template whose type depends on a
// template parameter. The host entry point must spell the type of every
// captured value, which is not known before instantiation.
#pragma qd kernel
template <class T>
void scale(T* x, T factor, int n)
{
    auto f2 = factor * factor; // expected-error {{host scalar 'f2' needs an explicit type; its 'auto' type depends on a template parameter}}
    for (int i = 0; i < n; ++i)
        x[i] *= f2;
}

template void scale<float>(float*, float, int);
