// Training text for the synthetic tokenizer's merges. Written for this project: plain English about
// everyday things, so common words and word pieces ("the", "ing", " and") become single tokens.

#include "synth/bpe_corpus.h"

namespace winml::synth {

std::string_view bpe_training_text() {
  return "The morning was cold and clear, and the people of the town walked to the market to buy bread, "
         "fruit and fresh vegetables. A small child held her father's hand and asked him why the sky "
         "was blue. He told her that the light from the sun is scattered by the air, and that blue light "
         "is scattered more than red light. She thought about this for a while and then asked another "
         "question about the clouds.\n"
         "In the kitchen, the cook was making a large pot of soup. She cut the onions, the carrots and "
         "the potatoes into small pieces and put them into the water with some salt. The soup would be "
         "ready in the evening, when everyone came home from work. There is nothing better than a warm "
         "meal on a cold day.\n"
         "Computers read text as a list of numbers. A tokenizer turns each word, or each part of a word, "
         "into a number that the model understands. Common words become one token, and rare words are "
         "split into smaller pieces. The model then predicts the next token, one step at a time, and the "
         "tokenizer turns the numbers back into text that people can read.\n"
         "What is the weather going to be like tomorrow? The report says that it will rain in the "
         "morning and that the afternoon will be sunny and warm. Please bring an umbrella if you are "
         "going out early, and remember to close the windows before you leave the house.\n"
         "Once upon a time there was a little dog who lived near the river. Every day he would run along "
         "the bank, chasing birds and looking for sticks. One day he found a boat that had been left by "
         "a fisherman, and he jumped into it. The boat started to move with the water, and the dog was "
         "carried down the river to a new and interesting place.\n"
         "Hello! How are you today? I am writing to ask whether you would like to join us for dinner on "
         "Saturday. We are going to cook something simple, and there will be music and games after the "
         "meal. Let me know if you can come, and tell me if there is anything that you do not eat.\n"
         "Learning a new language takes time and patience. It is helpful to read every day, to listen "
         "to people speaking, and to practise writing short sentences. Mistakes are part of learning, "
         "and each one teaches you something about the way the language works.\n"
         "The train leaves the station at seven o'clock and arrives in the city two hours later. "
         "Passengers should buy their tickets before they get on the train, because the conductor "
         "checks every ticket during the journey. The first carriage is usually the quietest one.\n";
}

}  // namespace winml::synth
