/**
 * The subset of onnx.proto the ORM exporter writes, for protobufjs.
 *
 * Message and field numbers are copied from upstream onnx/onnx.proto
 * (https://github.com/onnx/onnx/blob/main/onnx/onnx.proto, proto2 syntax);
 * fields the exporter never sets are left out, which protobuf allows since
 * absent fields are simply not encoded. Do not renumber anything here.
 */
import protobuf from 'protobufjs';

export const ONNX_PROTO_SUBSET = `
syntax = "proto2";
package onnx;

message AttributeProto {
  enum AttributeType { UNDEFINED = 0; FLOAT = 1; INT = 2; STRING = 3; TENSOR = 4; GRAPH = 5; FLOATS = 6; INTS = 7; STRINGS = 8; }
  optional string name = 1;
  optional string doc_string = 13;
  optional AttributeType type = 20;
  optional float f = 2;
  optional int64 i = 3;
  optional bytes s = 4;
  optional TensorProto t = 5;
  repeated float floats = 7;
  repeated int64 ints = 8;
  repeated bytes strings = 9;
}

message ValueInfoProto {
  optional string name = 1;
  optional TypeProto type = 2;
  optional string doc_string = 3;
}

message NodeProto {
  repeated string input = 1;
  repeated string output = 2;
  optional string name = 3;
  optional string op_type = 4;
  optional string domain = 7;
  repeated AttributeProto attribute = 5;
  optional string doc_string = 6;
}

message ModelProto {
  optional int64 ir_version = 1;
  repeated OperatorSetIdProto opset_import = 8;
  optional string producer_name = 2;
  optional string producer_version = 3;
  optional string domain = 4;
  optional int64 model_version = 5;
  optional string doc_string = 6;
  optional GraphProto graph = 7;
  repeated StringStringEntryProto metadata_props = 14;
}

message StringStringEntryProto {
  optional string key = 1;
  optional string value = 2;
}

message GraphProto {
  repeated NodeProto node = 1;
  optional string name = 2;
  repeated TensorProto initializer = 5;
  optional string doc_string = 10;
  repeated ValueInfoProto input = 11;
  repeated ValueInfoProto output = 12;
  repeated ValueInfoProto value_info = 13;
}

message TensorProto {
  enum DataType { UNDEFINED = 0; FLOAT = 1; UINT8 = 2; INT8 = 3; UINT16 = 4; INT16 = 5; INT32 = 6; INT64 = 7; STRING = 8; BOOL = 9; FLOAT16 = 10; DOUBLE = 11; }
  repeated int64 dims = 1;
  optional int32 data_type = 2;
  repeated float float_data = 4 [packed = true];
  repeated int32 int32_data = 5 [packed = true];
  repeated int64 int64_data = 7 [packed = true];
  optional string name = 8;
  optional string doc_string = 12;
  optional bytes raw_data = 9;
}

message TensorShapeProto {
  message Dimension {
    oneof value {
      int64 dim_value = 1;
      string dim_param = 2;
    }
    optional string denotation = 3;
  }
  repeated Dimension dim = 1;
}

message TypeProto {
  message Tensor {
    optional int32 elem_type = 1;
    optional TensorShapeProto shape = 2;
  }
  oneof value {
    Tensor tensor_type = 1;
  }
  optional string denotation = 6;
}

message OperatorSetIdProto {
  optional string domain = 1;
  optional int64 version = 2;
}
`;

/** TensorProto.DataType values used here (upstream numbering). */
export const DataType = { FLOAT: 1, INT8: 3 } as const;

/** AttributeProto.AttributeType values used here (upstream numbering). */
export const AttributeType = { INT: 2 } as const;

/**
 * The `onnx.ModelProto` message type, parsed once per call from the subset.
 *
 * @example
 * const bytes = modelProtoType().encode(model).finish();
 */
export function modelProtoType(): protobuf.Type {
  return protobuf.parse(ONNX_PROTO_SUBSET, { keepCase: true }).root.lookupType('onnx.ModelProto');
}
