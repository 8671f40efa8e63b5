"""The winnable-deal lists as the site ships them: written by ``python3 tools/winnable.py
publish`` from data/winnable/ (do not edit).  For each list (patience.winnable.LISTS): the
deals its surveys reached, 1..N, and the won ones among them as a bitmap in Base64
(patience.winnable.unpack)."""

DEALS: dict[str, tuple[int, str]] = {
    'klondike': (2000, 'PTWU9/tq9z5e++/v/2bu8//f3n/1//6Hm/vv75F+a799dq+u61af/+79/U3/zt7Si/efWr3x/fXe/9b8izDdi7/bOec7vlz/+3XT7538rvwn/Zvtd5f/Xdt73+23djdFq1r/gz5ejus+frm/v/Mt6/e6tfN/v29TJf775nn5y3/f1f6M/85/pv/60P73P+GP9/z+3F/vn3lfv1lQy8M/H7e3//f+r7b384/P1Wox/61L26vkmfdu//+33f7nX/d7Zj/b8q/l67f+/67n325/Fx3d67v/n9+5/8wb/PXv/77z/7v+/cv3d5a3/+PeL37L/e9h+ufX+rZ73A=='),
    'klondike-draw1': (800, '/TyU9/vK83/+++/v937v/9/fzv3d//6/m//P75v/67/99u++/1/f/+t9/13///7/y7/f2r/9/ff+/9f9vzj9i7/bKe87/jz/+//777187v+//5v/+9//f9/3/+nz/ndN/9v/qw=='),
    'klondike-standard': (800, '/7W19/vq9z5e++/v/+7u+//f3n/1f/6Hm/vv7xl+a799d++u+1ef/+79/U3/zt7zi/+/Wr3x/ffe/9b8izD9j7/bLe+7/1z/7/f7/9X8qv0n/ZvP95f3X9P/3+33/zdPu17/jw=='),
    'canfield': (2000, '/LdxWeW/c7Ru+X6ps3UXn/y2Xz9ne96H0/7V3HSdpfrl/1PbzuL5/NXt+71aYqFzjZ3V9u3yr7Hnpp2OvNXyHu+bvXa85EtfzvXOSUZiT+r/KQ+9RE5/DXs/72jG7b3qr7vu72ZtPZ37yWf+de7N9lBzPmePgXly/HcZiXXm9L9ddT+3etszLDy7/aL7V/U6iu7fn5bqMylD+u+u/3/SQ+1ZbSKKnXHVl+n6bv1YZ9/pt9Ze734571DOX+rq1K6Fn82aM/Hyfr577cd/3nftNpxTH7ON9c4ufP/WtcsfT0K2tO1ektt19rOvm/i6LnPrtdZg76altrbMYg=='),
    'zmey': (1000, '/97GL9bP7jm7ypfe7ev/vtlsez//+n79f+NZHxf+HeLgs/d+/9lt1v/sXt73ut6Y6f0oe3uJowuy3Ptfb/+89iD//38lV11j4z32vS+JZv/6lj+78+P/s3uW9e6N1unvo6+g+/X3LOePtf2j0+fFXF+2/q9z1oLNETn5rCk='),
    'gaps8': (2300, 'ogkH0Bs1pIk+0OAlSEo4wsCZCNQBhQAQlXAUpeTgBTxAwqLFwfEpCM8wJhhi8cgSm8IcDBImHhdGAdRxkJwgIcFmmCIItgAs4S2TcWgUIeCCKp7MnBsEiZ8MQkh2SkwsWMVgAQJkAFJ0sEsjcAcGIykwETIrdZrBRA8EB+bXSoLFigxFvwBRCfUJCICEQgCApwBJIzk/zg/TTikBpBxQF14gJUkCyQAkmXJqDJS4Kd9idfOWUCkANEMQESVGHeUKJwJgIxRTMpCUQo8gWUnhQESYtIYAAIjKQAOQp5ARrIkpbsZChHoDDCYDBAI5ybvAQFAhCOG7RS5goJJyJEOCJEomhFHUAkCoAIjQRQIFSqJWYkLgIFAWGFMMoxEXcAcK'),
    'potocki': (2000, '//////////////////////////////////////3////////////////////////////////////////////+////f//////////////////////////////r/////3/////////////////////////////f/////////7/v//////////////////////////////////////////////3//////////3//7/////3/v////////////////f/////////////////////////////7///////////////////////////////////9//9//////////w=='),
    'frog-any': (1000, 'okoDyEgZ/WprHZ+vmI3WpafXf91/7898y1fS7vrXL/2119D2/Vw5rOTfIu6Kvj1oX813v5XVlwbv/7NAhdf4/r8f8Q3nssibb//bi2ZR3XXW09L/td58E7Mbld/5qcw3v/9/x1vSX/rJvH9vX5/9dz/a6/dKnbN/p/r7fyo='),
    'cross': (2000, '//////////////////////////////////////////////////////////////////////////////////////////////+//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////w=='),
    'glider': (1300, 'KNGBsd/DPqASIWAYTojLy/5c1AwC+wINnl4fi2k5hEQtRDm3xNxcXw9oahXsWTpfNUBYTgOjkPDJHkeFUYBfqeLmTSMxlgzTUTmArkh24XjFqjbiYNNAjSmvYe8lMdzCSsSBaJjtwo1uSWHdgbnOldv6ZGlJiNrYmu7+K+l7u/QNo1z0rRCiAJN13i8UyuA4waLK2Z1MvQeXNI1rbKHuZ6S/Dw=='),
    'bride': (2000, '/////////////////////////////////////f///////////////////////////////////////////////////////////////////////////////////////////////////////9////////////////////////////////////////////////////3//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////w=='),
}
