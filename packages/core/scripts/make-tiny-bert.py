"""Writes a tiny BERT-shaped ONNX model for embedder tests: src/rag/fixtures/tiny-bert/.

No model weights can be downloaded here, so the embedder's plumbing (tokenizer, ONNX Runtime, pooling,
worker) is tested on this stand-in: a word-piece vocabulary of letters and a few words, and a graph
last_hidden_state = (word_embedding[input_ids] + type_embedding[token_type_ids]) * attention_mask.
Its vectors mean nothing semantically. Run with Debian's python3 (apt-get install -y python3-onnx):
    /usr/bin/python3 packages/core/scripts/make-tiny-bert.py
"""
import json
import os
import random

import onnx
from onnx import TensorProto, helper

HIDDEN = 16
OUT = os.path.join(os.path.dirname(__file__), "..", "src", "rag", "fixtures", "tiny-bert")

special = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
letters = [chr(c) for c in range(ord("a"), ord("z") + 1)]
words = ["the", "train", "harbour", "night", "refund", "cache", "search", "model", "vector", "index"]
vocab_list = special + words + letters + ["##" + c for c in letters] + [str(d) for d in range(10)] + list(".,?!")
vocab = {token: i for i, token in enumerate(vocab_list)}

rng = random.Random(6)
word_table = [rng.gauss(0, 1) for _ in range(len(vocab_list) * HIDDEN)]
type_table = [rng.gauss(0, 0.1) for _ in range(2 * HIDDEN)]

nodes = [
    helper.make_node("Gather", ["word_embeddings", "input_ids"], ["words"], axis=0),
    helper.make_node("Gather", ["type_embeddings", "token_type_ids"], ["types"], axis=0),
    helper.make_node("Add", ["words", "types"], ["summed"]),
    helper.make_node("Cast", ["attention_mask"], ["mask_float"], to=TensorProto.FLOAT),
    helper.make_node("Unsqueeze", ["mask_float", "last_axis"], ["mask_3d"]),
    helper.make_node("Mul", ["summed", "mask_3d"], ["last_hidden_state"]),
]
graph = helper.make_graph(
    nodes,
    "tiny-bert",
    [
        helper.make_tensor_value_info(name, TensorProto.INT64, ["batch", "sequence"])
        for name in ("input_ids", "attention_mask", "token_type_ids")
    ],
    [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "sequence", HIDDEN])],
    initializer=[
        helper.make_tensor("word_embeddings", TensorProto.FLOAT, [len(vocab_list), HIDDEN], word_table),
        helper.make_tensor("type_embeddings", TensorProto.FLOAT, [2, HIDDEN], type_table),
        helper.make_tensor("last_axis", TensorProto.INT64, [1], [-1]),
    ],
)
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], producer_name="make-tiny-bert.py")
model.ir_version = 8
onnx.checker.check_model(model)

os.makedirs(os.path.join(OUT, "onnx"), exist_ok=True)
onnx.save(model, os.path.join(OUT, "onnx", "model.onnx"))


def write_json(name, value):
    with open(os.path.join(OUT, name), "w") as f:
        json.dump(value, f, indent=1)
        f.write("\n")


write_json(
    "config.json",
    {
        "model_type": "bert",
        "architectures": ["BertModel"],
        "hidden_size": HIDDEN,
        "vocab_size": len(vocab_list),
        "num_hidden_layers": 0,
        "num_attention_heads": 1,
        "max_position_embeddings": 512,
        "type_vocab_size": 2,
        "pad_token_id": 0,
    },
)
special_token = lambda token: {  # noqa: E731
    "id": vocab[token], "content": token, "single_word": False, "lstrip": False, "rstrip": False,
    "normalized": False, "special": True,
}
write_json(
    "tokenizer.json",
    {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [special_token(t) for t in special],
        "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                       "strip_accents": None, "lowercase": True},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
                       {"SpecialToken": {"id": "[SEP]", "type_id": 0}}],
            "pair": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
                     {"SpecialToken": {"id": "[SEP]", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}},
                     {"SpecialToken": {"id": "[SEP]", "type_id": 1}}],
            "special_tokens": {t: {"id": t, "ids": [vocab[t]], "tokens": [t]} for t in ("[CLS]", "[SEP]")},
        },
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                  "max_input_chars_per_word": 100, "vocab": vocab},
    },
)
write_json(
    "tokenizer_config.json",
    {
        "tokenizer_class": "BertTokenizer",
        "do_lower_case": True,
        "model_max_length": 512,
        "cls_token": "[CLS]",
        "sep_token": "[SEP]",
        "pad_token": "[PAD]",
        "unk_token": "[UNK]",
        "mask_token": "[MASK]",
    },
)
print(f"wrote {OUT} ({len(vocab_list)} tokens, hidden size {HIDDEN})")
