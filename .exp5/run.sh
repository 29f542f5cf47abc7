cd .exp5 && nvcc -std=c++17 -arch=sm_90 -O3 -DQD_BACKEND_CUDA -I../include -I../runtime exp5.cu -x cu ../runtime/error.cpp -o /tmp/exp5 && /tmp/exp5 | tee $OUT/exp5.txt
