#!/usr/bin/env bash
# Regenerates the tensor_proto_fuzzer seeds: small real TensorProto files of each storage form
# (raw_data and each typed field), encoded from text with protoc and ONNX's own onnx.proto.
set -euo pipefail
out="$(dirname "$0")/corpus/tensor_proto_fuzzer"
proto_dir=/usr/include
seed() {
  printf '%s\n' "$2" | protoc --encode=onnx.TensorProto -I "$proto_dir" "$proto_dir/onnx/onnx.proto" >"$out/$1.pb"
}
seed float_raw 'name: "x" data_type: 1 dims: 1 dims: 3 raw_data: "\000\000\200?\000\000\000@\000\000@@"'
seed float_typed 'name: "x" data_type: 1 dims: 2 float_data: 1.5 float_data: -2.5'
seed int64_ids 'name: "input_ids" data_type: 7 dims: 1 dims: 4 int64_data: 1 int64_data: 15 int64_data: 300 int64_data: 2'
seed int32_typed 'data_type: 6 dims: 3 int32_data: -1 int32_data: 0 int32_data: 7'
seed float16_bits 'name: "x" data_type: 10 dims: 2 int32_data: 15360 int32_data: 48128'
seed double_typed 'name: "x" data_type: 11 dims: 1 double_data: 3.25'
seed bool_raw 'name: "mask" data_type: 9 dims: 1 dims: 2 raw_data: "\001\000"'
seed uint8_typed 'name: "x" data_type: 2 dims: 2 int32_data: 255 int32_data: 0'
seed int8_typed 'name: "x" data_type: 3 dims: 1 int32_data: -128'
seed int16_typed 'name: "x" data_type: 5 dims: 1 int32_data: -300'
seed uint16_typed 'name: "x" data_type: 4 dims: 1 int32_data: 65535'
seed scalar 'name: "x" data_type: 1 float_data: 0.5'
seed empty 'name: "x" data_type: 7 dims: 1 dims: 0'
seed string_type 'name: "x" data_type: 8 dims: 1 string_data: "hi"'
