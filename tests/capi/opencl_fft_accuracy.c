/* The accuracy of stdlib/fft.dsl against FFTW on the OpenCL backend: fft_accuracy.c's
 * checks, with fft_accuracy.dsl compiled by `prismc opencl --library`, up to 4096
 * elements (PoCL on a CPU compiles the kernels in half a minute and runs them slowly).
 * run-capi-opencl.sh runs it when an OpenCL platform and FFTW are installed. */
#define FFT_ACCURACY_MAX 4096
#include "fft_accuracy.c"
