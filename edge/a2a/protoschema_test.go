package a2a_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	a2apb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"google.golang.org/genproto/googleapis/api/annotations"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// protoSchema is a JSON Schema of a message's ProtoJSON form, generated from its descriptor: here the A2A
// 1.0 specification's a2a.proto, as a2a-go's a2apb compiles it in. Fields go by their JSON names and are
// required where the proto marks them REQUIRED (google.api.field_behavior); enums are value names (or
// numbers), maps objects, repeated fields arrays, the well-known types as ProtoJSON writes them, and at
// most one field of a oneof is set. Other properties are allowed, as a ProtoJSON parser that ignores unknown
// fields reads the card beside its A2A 0.3 fields.
func protoSchema(md protoreflect.MessageDescriptor) map[string]any {
	defs := map[string]any{}
	root := map[string]any{"$ref": ref(md, defs)}
	root["$defs"] = defs
	return root
}

// ref returns the reference to md's schema in defs, adding it (and the messages it uses) first.
func ref(md protoreflect.MessageDescriptor, defs map[string]any) string {
	name := string(md.FullName())
	if _, ok := defs[name]; ok {
		return "#/$defs/" + name
	}
	s := map[string]any{"type": "object"}
	defs[name] = s // before the fields, for messages that contain themselves
	props, required := map[string]any{}, []string{}
	for i := range md.Fields().Len() {
		fd := md.Fields().Get(i)
		props[fd.JSONName()] = fieldSchema(fd, defs)
		behaviors, _ := proto.GetExtension(fd.Options(), annotations.E_FieldBehavior).([]annotations.FieldBehavior)
		for _, b := range behaviors {
			if b == annotations.FieldBehavior_REQUIRED {
				required = append(required, fd.JSONName())
			}
		}
	}
	var atMostOne []any
	for i := range md.Oneofs().Len() {
		fields := md.Oneofs().Get(i).Fields()
		for a := range fields.Len() {
			for b := a + 1; b < fields.Len(); b++ {
				atMostOne = append(atMostOne, map[string]any{"required": []string{fields.Get(a).JSONName(), fields.Get(b).JSONName()}})
			}
		}
	}
	s["properties"] = props
	if len(required) > 0 {
		s["required"] = required
	}
	if len(atMostOne) > 0 {
		s["not"] = map[string]any{"anyOf": atMostOne}
	}
	return "#/$defs/" + name
}

func fieldSchema(fd protoreflect.FieldDescriptor, defs map[string]any) any {
	switch {
	case fd.IsMap():
		return map[string]any{"type": "object", "additionalProperties": valueSchema(fd.MapValue(), defs)}
	case fd.IsList():
		return map[string]any{"type": "array", "items": valueSchema(fd, defs)}
	}
	return valueSchema(fd, defs)
}

func valueSchema(fd protoreflect.FieldDescriptor, defs map[string]any) any {
	switch fd.Kind() {
	case protoreflect.BoolKind:
		return map[string]any{"type": "boolean"}
	case protoreflect.StringKind, protoreflect.BytesKind:
		return map[string]any{"type": "string"}
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind, protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		return map[string]any{"type": "integer"}
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind, protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		return map[string]any{"anyOf": []any{map[string]any{"type": "integer"}, map[string]any{"type": "string", "pattern": "^-?[0-9]+$"}}}
	case protoreflect.FloatKind, protoreflect.DoubleKind:
		return map[string]any{"type": "number"}
	case protoreflect.EnumKind:
		var names []any
		for i := range fd.Enum().Values().Len() {
			names = append(names, string(fd.Enum().Values().Get(i).Name()))
		}
		return map[string]any{"anyOf": []any{map[string]any{"enum": names}, map[string]any{"type": "integer"}}}
	}
	switch fd.Message().FullName() {
	case "google.protobuf.Struct", "google.protobuf.Empty":
		return map[string]any{"type": "object"}
	case "google.protobuf.Value":
		return true
	case "google.protobuf.ListValue":
		return map[string]any{"type": "array"}
	case "google.protobuf.Timestamp":
		return map[string]any{"type": "string", "format": "date-time"}
	}
	return map[string]any{"$ref": ref(fd.Message(), defs)}
}

// TestCardFitsTheSchemaOfA2AProto: the card fits the JSON Schema generated from the A2A 1.0
// specification's a2a.proto; and that schema refuses what a ProtoJSON parser would (the bare-array scopes
// the SDK writes, a missing required field).
func TestCardFitsTheSchemaOfA2AProto(t *testing.T) {
	b, err := json.Marshal(protoSchema((&a2apb.AgentCard{}).ProtoReflect().Descriptor()))
	if err != nil {
		t.Fatal(err)
	}
	schema, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("urn:a2a:v1:agent-card", schema); err != nil {
		t.Fatal(err)
	}
	compiled, err := c.Compile("urn:a2a:v1:agent-card")
	if err != nil {
		t.Fatal(err)
	}
	_, body := getCard(t, newAgent(t), http.MethodGet, nil)
	var card map[string]any
	if err := json.Unmarshal(body, &card); err != nil {
		t.Fatal(err)
	}
	if err := compiled.Validate(card); err != nil {
		t.Errorf("the card does not fit the schema of a2a.proto: %v", err)
	}
	card["securityRequirements"] = []any{map[string]any{"schemes": map[string]any{"bearer": []any{}}}}
	if compiled.Validate(card) == nil {
		t.Error("the schema takes scopes as a bare array, which ProtoJSON refuses")
	}
	delete(card, "securityRequirements")
	delete(card, "name")
	if compiled.Validate(card) == nil {
		t.Error("the schema takes a card without its required name")
	}
}
