#include "textflag.h"

// func boundRowsVNNI(m []int8, q []uint8, bias []int32, scale []float32, out, kw []float32, mul, add, kwScale float32, stride int)
// Per row r of m (len(q) bytes, a multiple of 32, from byte r × stride): out[r] = float32(Σ q·m[r] −
// bias[r]) × scale[r] × mul + add, and kw[r] = out[r] × kwScale; the sums are exact (VPDPBUSD: unsigned
// query bytes times signed row bytes, four products to a lane), four rows at a time sharing the query's
// loads.
TEXT ·boundRowsVNNI(SB), NOSPLIT, $0-168
	MOVQ m_base+0(FP), SI
	MOVQ q_base+24(FP), DI
	MOVQ q_len+32(FP), CX
	MOVQ bias_base+48(FP), R8
	MOVQ scale_base+72(FP), R13
	MOVQ out_base+96(FP), DX
	MOVQ out_len+104(FP), BX
	MOVQ kw_base+120(FP), R14
	VBROADCASTSS mul+144(FP), X6
	VBROADCASTSS add+148(FP), X7
	VBROADCASTSS kwScale+152(FP), X8
	MOVQ stride+160(FP), R12

rows4:
	CMPQ BX, $4
	JLT  rows1
	LEAQ (SI)(R12*1), R9
	LEAQ (R9)(R12*1), R10
	LEAQ (R10)(R12*1), R11
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	XORQ AX, AX

loop4:
	VMOVDQU  (DI)(AX*1), Y4
	VPDPBUSD (SI)(AX*1), Y4, Y0
	VPDPBUSD (R9)(AX*1), Y4, Y1
	VPDPBUSD (R10)(AX*1), Y4, Y2
	VPDPBUSD (R11)(AX*1), Y4, Y3
	ADDQ $32, AX
	CMPQ AX, CX
	JLT  loop4
	VPHADDD      Y1, Y0, Y0 // per 128-bit lane: [r0 a+b, r0 c+d, r1 a+b, r1 c+d]
	VPHADDD      Y3, Y2, Y2
	VPHADDD      Y2, Y0, Y0 // per lane: [r0, r1, r2, r3]
	VEXTRACTI128 $1, Y0, X5
	VPADDD       X5, X0, X0
	VPSUBD       (R8), X0, X0
	VCVTDQ2PS    X0, X0
	VMULPS       (R13), X0, X0
	VMULPS       X6, X0, X0
	VADDPS       X7, X0, X0
	VMOVUPS      X0, (DX)
	VMULPS       X8, X0, X0
	VMOVUPS      X0, (R14)
	LEAQ (R11)(R12*1), SI
	ADDQ $16, R8
	ADDQ $16, R13
	ADDQ $16, DX
	ADDQ $16, R14
	SUBQ $4, BX
	JMP  rows4

rows1:
	TESTQ BX, BX
	JZ    done
	VPXOR Y0, Y0, Y0
	XORQ  AX, AX

loop1:
	VMOVDQU  (DI)(AX*1), Y4
	VPDPBUSD (SI)(AX*1), Y4, Y0
	ADDQ $32, AX
	CMPQ AX, CX
	JLT  loop1
	VEXTRACTI128 $1, Y0, X5
	VPADDD       X5, X0, X0
	VPHADDD      X0, X0, X0
	VPHADDD      X0, X0, X0
	VMOVD        (R8), X5
	VPSUBD       X5, X0, X0
	VCVTDQ2PS    X0, X0
	VMULSS       (R13), X0, X0
	VMULSS       X6, X0, X0
	VADDSS       X7, X0, X0
	VMOVSS       X0, (DX)
	VMULSS       X8, X0, X0
	VMOVSS       X0, (R14)
	ADDQ R12, SI
	ADDQ $4, R8
	ADDQ $4, R13
	ADDQ $4, DX
	ADDQ $4, R14
	DECQ BX
	JMP  rows1

done:
	VZEROUPPER
	RET
