// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// OpenACC spells the unstructured directives with two words.
void run(double* a, int n)
{
#pragma qd enter copyin(a[0:n]) // expected-error {{expected 'data' after '#pragma qd enter', as in OpenACC's 'enter data'}}
#pragma qd exit // expected-error {{expected 'data' after '#pragma qd exit', as in OpenACC's 'exit data'}}
}
